/**
 * Builds the SPA with Vite on the machine running `cdk synth` (no Docker) and uploads it with the
 * deployment's `/config.json`. Vite's content-hashed files under `assets/` never change, so browsers may
 * keep them forever; every other file (index.html, config.json, favicon…) is revalidated on each visit so
 * a deployment shows up at once.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { AssetHashType, DockerImage, RemovalPolicy, Stack, Stage, Validations, type ILocalBundling } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { SingletonFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { hasRelativePreviewUrls, withAbsolutePreviewUrls } from '@shared/preview-urls';
import { wildcardActionFindingId, wildcardResourceFindingId } from '../wildcard-finding-id';

/** Vite writes every content-hashed file here (its default `build.assetsDir`). */
const HASHED_ASSETS_PATTERN = 'assets/*';
/** Files the build writes for its own tools (Vite's manifest), kept out of the bucket. */
export const BUILD_ONLY_PATTERN = '.vite/*';

/**
 * Every built HTML page whose preview tags name files by path, rewritten onto the site's origin (a
 * deploy-time value: Source.data resolves it when the deployment runs).
 */
export function entryPagesWithAbsolutePreviewUrls(builtFolder: string, siteOrigin: string) {
  return readdirSync(builtFolder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && !file.split(path.sep).some((part) => part.startsWith('.')))
    .map((file) => ({ key: file.split(path.sep).join('/'), html: readFileSync(path.join(builtFolder, file), 'utf8') }))
    .filter(({ html }) => hasRelativePreviewUrls(html))
    .map(({ key, html }) => Source.data(key, withAbsolutePreviewUrls(html, siteOrigin)));
}

/** Runs the project's own Vite build into the folder CDK gives it. */
class ViteBuild implements ILocalBundling {
  constructor(private readonly repoRoot: string) {}

  tryBundle(outputDir: string): boolean {
    const result = spawnSync(
      'npx',
      ['--no-install', 'vite', 'build', '--config', 'web/vite.config.ts', '--outDir', outputDir, '--emptyOutDir'],
      // Vite's progress goes to stderr: the CDK app's stdout is not ours to fill.
      { cwd: this.repoRoot, stdio: ['ignore', process.stderr, process.stderr] },
    );
    // Falling back to Docker would only fail later and more obscurely: say what broke now.
    if (result.error) throw result.error;
    if (result.status !== 0)
      throw new Error(
        `The web app build (vite build --config web/vite.config.ts) failed with exit code ${result.status}`,
      );
    return true;
  }
}

export interface WebAppDeploymentProps {
  repoRoot: string;
  isProduction: boolean;
  siteBucket: IBucket;
  distribution: IDistribution;
  runtimeConfig: RuntimeConfig;
}

export class WebAppDeployment extends Construct {
  constructor(scope: Construct, id: string, props: WebAppDeploymentProps) {
    super(scope, id);
    // Built once here (not inside Source.asset) so the entry pages can be read back below.
    const webBuild = new Asset(this, 'WebBuild', {
      path: path.join(props.repoRoot, 'web'),
      // Hash what Vite produced, not the source tree: the build also reads shared/ and node_modules.
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        local: new ViteBuild(props.repoRoot),
        // Required by the type, never pulled: the local build either succeeds or throws.
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-alpine'),
      },
    });
    const builtSite = Source.bucket(webBuild.bucket, webBuild.s3ObjectKey);
    const siteOrigin = `https://${props.distribution.distributionDomainName}`;

    // One role and log group for the (singleton) deployment handler instead of the managed
    // AWSLambdaBasicExecutionRole, which may write to every log group in the account.
    const handlerLogs = new LogGroup(this, 'HandlerLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const handlerRole = new Role(this, 'HandlerRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built web app into the site bucket and invalidates CloudFront',
    });
    handlerLogs.grantWrite(handlerRole);

    const hashedAssets = new BucketDeployment(this, 'HashedAssets', {
      sources: [builtSite],
      destinationBucket: props.siteBucket,
      include: [HASHED_ASSETS_PATTERN],
      exclude: ['*'],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      // Keep earlier builds' chunks: a tab opened before this deployment may still lazy-load them.
      prune: false,
      role: handlerRole,
      logGroup: handlerLogs,
      memoryLimit: 512,
    });
    const entryFiles = new BucketDeployment(this, 'EntryFiles', {
      // Later sources overwrite earlier ones: the entry pages are replaced by copies whose preview URLs
      // name the distribution's domain, known only at deploy time.
      sources: [
        builtSite,
        // Without bundling (a synth of another stack, or the template tests) there is no build to read.
        ...(Stack.of(this).bundlingRequired
          ? entryPagesWithAbsolutePreviewUrls(this.builtFolder(webBuild), siteOrigin)
          : []),
        Source.jsonData('config.json', props.runtimeConfig),
      ],
      destinationBucket: props.siteBucket,
      // Pruning skips excluded keys, so this removes stale entry files without touching assets/. Vite's
      // manifest (.vite/) is for the build's own tools: it would tell anyone every chunk of every page.
      exclude: [HASHED_ASSETS_PATTERN, BUILD_ONLY_PATTERN],
      cacheControl: [CacheControl.noCache()],
      role: handlerRole,
      logGroup: handlerLogs,
      memoryLimit: 512,
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    // The new index.html may name chunks that only the first deployment uploads.
    entryFiles.node.addDependency(hashedAssets);

    this.acknowledgeHandlerFindings(props, handlerRole, [hashedAssets, entryFiles], webBuild);
  }

  /** Where CDK staged the build, inside the cloud assembly. */
  private builtFolder(asset: Asset): string {
    return path.resolve(Stage.of(this)?.outdir ?? '.', asset.assetPath);
  }

  /**
   * The handler is CDK's own: its actions are what `aws s3 sync` needs and are granted by BucketDeployment
   * itself. Each finding is named so that a new one (say, on a different bucket) still fails the check.
   */
  private acknowledgeHandlerFindings(
    props: WebAppDeploymentProps,
    handlerRole: Role,
    deployments: BucketDeployment[],
    webBuild: Asset,
  ) {
    const acknowledgements = new Map<string, string>([
      [
        wildcardActionFindingId('s3:GetObject*'),
        'aws s3 sync reads the zipped build from the CDK asset bucket and compares the site objects (versions and tags included).',
      ],
      [
        wildcardActionFindingId('s3:GetBucket*'),
        'aws s3 sync reads the location and settings of the asset and site buckets.',
      ],
      [wildcardActionFindingId('s3:List*'), 'aws s3 sync lists the asset and site buckets to work out what changed.'],
      [
        wildcardActionFindingId('s3:DeleteObject*'),
        'Pruning removes entry files a new build no longer has; granted on the site bucket only.',
      ],
      [
        wildcardActionFindingId('s3:Abort*'),
        'Aborts multipart uploads that fail midway; granted on the site bucket only.',
      ],
      [
        wildcardResourceFindingId(this, props.siteBucket.arnForObjects('*')),
        'The handler syncs the whole site bucket: every object in it is part of the web app.',
      ],
      [
        wildcardResourceFindingId(this, '*'),
        'CloudFront invalidation actions have no resource-level permissions; the handler invalidates only this distribution.',
      ],
    ]);
    const stack = Stack.of(this);
    const assetBucketReadReason =
      "Reads the deployment's source zips from the CDK bootstrap asset bucket, whose object keys are content hashes known only at publish time.";
    acknowledgements.set(wildcardResourceFindingId(this, webBuild.bucket.arnForObjects('*')), assetBucketReadReason);
    for (const deployment of deployments) {
      // Each other source is staged as an Asset child of the deployment, in the bootstrap asset bucket.
      for (const child of deployment.node.children) {
        if (child instanceof Asset) {
          acknowledgements.set(wildcardResourceFindingId(this, child.bucket.arnForObjects('*')), assetBucketReadReason);
        }
      }
      // The handler is a singleton created at stack level; the deployment holds only a pointer to it.
      const singleton = deployment.node.findChild('CustomResourceHandler') as SingletonFunction;
      Validations.of(stack.node.findChild(singleton.constructName)).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          "BucketDeployment's handler is CDK's own Python function; aws-cdk-lib pins its runtime and moves it forward on upgrade. It runs only during deployments.",
      });
    }
    for (const [id, reason] of acknowledgements) Validations.of(handlerRole).acknowledge({ id, reason });
  }
}
