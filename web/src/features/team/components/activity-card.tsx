import { useId, useState } from 'react';
import { activityCsv, activitySentence } from '@shared/activity-words';
import { formatIsoDay } from '@shared/format-date';
import { CSV_BYTE_ORDER_MARK } from '@shared/transactions-csv';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { downloadFile } from '@web/lib/download-file';
import { readAllActivity, useActivityPages } from '../api/activity';
import { useTeam } from '../api/team';
import { teamStrings } from '../team-strings';

const strings = teamStrings.activity;

/** "6 Dec, 9:14 am" on the business's clock. */
function whenText(at: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-NZ', {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(at));
}

/** Settings → Team's activity (the owner's, docs/decisions.md #195): newest first, by person, and as a CSV. */
export function ActivityCard({ timeZone }: { timeZone: string }) {
  const headingId = useId();
  const personId = useId();
  const [person, setPerson] = useState<string | null>(null);
  const team = useTeam();
  const pages = useActivityPages(person);
  const [download, setDownload] = useState<'idle' | 'busy' | 'failed'>('idle');
  const entries = pages.data?.pages.flatMap((page) => page.entries) ?? [];

  async function downloadCsv() {
    setDownload('busy');
    try {
      const all = await readAllActivity(person);
      const name = strings.fileName(formatIsoDay(new Date(), timeZone));
      downloadFile(name, [CSV_BYTE_ORDER_MARK, activityCsv(all, timeZone)]);
      setDownload('idle');
    } catch (error) {
      console.error('Could not download the activity', error);
      setDownload('failed');
    }
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {strings.title}
        </CardTitle>
        <CardDescription>{strings.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor={personId}>{strings.person}</Label>
            <NativeSelect
              id={personId}
              value={person ?? ''}
              onChange={(event) => setPerson(event.target.value || null)}
            >
              <option value="">{strings.everyone}</option>
              {(team.data?.members ?? []).map((member) => (
                <option key={member.memberId} value={member.memberId}>
                  {member.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button variant="outline" disabled={download === 'busy'} onClick={() => void downloadCsv()}>
            {download === 'busy' ? strings.downloading : strings.download}
          </Button>
        </div>
        {download === 'failed' ? (
          <Alert variant="destructive" role="alert">
            {strings.downloadFailed}
          </Alert>
        ) : null}
        {pages.isPending ? <p>{strings.loading}</p> : null}
        {pages.isError ? (
          <Alert variant="destructive" role="alert">
            {strings.failed}{' '}
            <Button variant="outline" onClick={() => void pages.refetch()}>
              {strings.retry}
            </Button>
          </Alert>
        ) : null}
        {pages.isSuccess && entries.length === 0 ? <p className="text-muted-foreground">{strings.empty}</p> : null}
        {entries.length > 0 ? (
          <ul aria-label={strings.list} className="flex flex-col divide-y divide-border">
            {entries.map((entry) => (
              <li key={`${entry.at}#${entry.activityId}`} className="py-2 text-sm">
                <span className="break-words">{activitySentence(entry)}</span>
                <span className="whitespace-nowrap text-muted-foreground"> · {whenText(entry.at, timeZone)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {pages.hasNextPage ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? strings.loadingMore : strings.more}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
