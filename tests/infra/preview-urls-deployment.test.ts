/**
 * The built landing, sign-in and shell pages name their preview image by path (the build cannot know the
 * stage's domain). The deployment uploads copies whose preview URLs name the distribution's domain,
 * resolved when the deployment runs, so a crawler given the site's address finds its image.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment } from 'aws-cdk-lib/aws-s3-deployment';
import { describe, expect, it } from 'vitest';
import { entryPagesWithAbsolutePreviewUrls } from '@infra/constructs/web-app-deployment';
import { hasRelativePreviewUrls, withAbsolutePreviewUrls } from '@shared/preview-urls';

const PAGE = (image: string) =>
  `<html><head><meta property="og:title" content="Paylink" /><meta property="og:image" content="${image}" />` +
  `<meta name="twitter:image" content="${image}" /></head><body></body></html>`;

describe('preview URLs', () => {
  it('makes og:image, og:url and twitter:image absolute on the given origin, and nothing else', () => {
    const html =
      PAGE('/og-paylink.png') +
      '<meta property="og:url" content="/" /><link rel="icon" href="/favicon.svg" />' +
      '<meta property="og:image" content="https://cdn.example/x.png" /><meta property="og:image" content="//cdn.example/y.png" />';
    const absolute = withAbsolutePreviewUrls(html, 'https://d1.cloudfront.net');
    expect(absolute).toContain('property="og:image" content="https://d1.cloudfront.net/og-paylink.png"');
    expect(absolute).toContain('name="twitter:image" content="https://d1.cloudfront.net/og-paylink.png"');
    expect(absolute).toContain('property="og:url" content="https://d1.cloudfront.net/"');
    expect(absolute).toContain('href="/favicon.svg"');
    expect(absolute).toContain('content="https://cdn.example/x.png"');
    expect(absolute).toContain('content="//cdn.example/y.png"');
    expect(hasRelativePreviewUrls(html)).toBe(true);
    expect(hasRelativePreviewUrls(absolute)).toBe(false);
  });

  it("deploys each built page that needs it with the distribution's domain, resolved at deploy time", () => {
    const built = mkdtempSync(path.join(tmpdir(), 'paylink-built-'));
    mkdirSync(path.join(built, 'prerendered'));
    mkdirSync(path.join(built, '.vite'));
    writeFileSync(path.join(built, 'index.html'), PAGE('/og-paylink.png'));
    writeFileSync(path.join(built, 'prerendered', 'landing.html'), PAGE('/og-paylink.png'));
    writeFileSync(path.join(built, 'already-absolute.html'), PAGE('https://paylink.example/og.png'));
    writeFileSync(path.join(built, '.vite', 'manifest.html'), PAGE('/never-deployed.png'));

    const stack = new Stack(new App(), 'Site', { env: { region: 'ap-southeast-2' } });
    const bucket = new Bucket(stack, 'Site');
    const distribution = new Distribution(stack, 'Cdn', {
      defaultBehavior: { origin: S3BucketOrigin.withOriginAccessControl(bucket) },
    });
    const pages = entryPagesWithAbsolutePreviewUrls(built, `https://${distribution.distributionDomainName}`);
    new BucketDeployment(stack, 'Pages', { sources: pages, destinationBucket: bucket });

    const deployment = Object.values(Template.fromStack(stack).findResources('Custom::CDKBucketDeployment'))[0]!;
    const markers = deployment.Properties.SourceMarkers as Record<string, unknown>[];
    expect(markers).toHaveLength(2);
    const distributionId = stack.getLogicalId(distribution.node.defaultChild as never);
    for (const pageMarkers of markers) {
      expect(JSON.stringify(pageMarkers)).toContain(`"${distributionId}","DomainName"`);
    }
  });
});
