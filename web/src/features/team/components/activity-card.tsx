import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { activityCsv, activitySentence } from '@shared/activity-words';
import { formatIsoDay } from '@shared/format-date';
import { dateTimeFormat } from '@shared/intl-formats';
import { CSV_BYTE_ORDER_MARK } from '@shared/transactions-csv';
import { ListCard } from '@web/components/list-card';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { downloadFile } from '@web/lib/download-file';
import { readAllActivity, useActivityPages } from '../api/activity';
import { useTeam } from '../api/team';
import { teamStrings } from '../team-strings';

const strings = teamStrings.activity;

/** "6 Dec, 9:14 am" on the business's clock. */
function whenText(at: string, timeZone: string) {
  return dateTimeFormat('en-NZ', {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(at));
}

/** Settings → Team's activity (the owner's, docs/decisions.md #195): newest first, by person, and as a CSV. */
export function ActivityCard({ timeZone }: { timeZone: string }) {
  const personId = useId();
  const [person, setPerson] = useState<string | null>(null);
  const team = useTeam();
  const pages = useActivityPages(person);
  const [download, setDownload] = useState<'idle' | 'busy' | 'failed'>('idle');

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
    <ListCard
      query={pages}
      itemsOf={(data) => data.pages.flatMap((page) => page.entries)}
      words={strings}
      retryLabel={strings.retry}
      emptyIcon={History}
      controls={() => (
        <>
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
          {download === 'failed' ? (
            <Alert variant="destructive" role="alert" className="basis-full">
              {strings.downloadFailed}
            </Alert>
          ) : null}
        </>
      )}
      after={
        pages.hasNextPage ? (
          <div className="border-t border-border px-6 py-4">
            <Button variant="outline" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              {pages.isFetchingNextPage ? strings.loadingMore : strings.more}
            </Button>
          </div>
        ) : null
      }
    >
      {(entry) => (
        <li key={`${entry.at}#${entry.activityId}`} className="px-6 py-3 text-sm">
          <span className="break-words">{activitySentence(entry)}</span>
          <span className="whitespace-nowrap text-muted-foreground"> · {whenText(entry.at, timeZone)}</span>
        </li>
      )}
    </ListCard>
  );
}
