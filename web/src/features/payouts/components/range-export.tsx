import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { dayOn } from '@shared/wall-clock';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { readPayoutsBetween } from '../api/payouts-api';
import { downloadXeroCsv, type XeroFileKind } from '../payout-files';
import { payoutsStrings as strings } from '../payouts-strings';

/** A button whose label may wrap: its height follows the lines, its text starts at the icon. */
const WRAPPING_LABEL = 'h-auto min-h-10 max-w-full whitespace-normal py-2 text-left';

/** The Xero files of every payout arriving within two days (yyyy-MM-dd, inclusive), built in the browser. */
export function RangeExport({ options }: { options: { timeZone: string; gstRegistered: boolean } }) {
  // Today on the merchant's clock: the UTC date would miss this morning's payout until 11 am or 1 pm.
  const today = dayOn(options.timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<XeroFileKind | null>(null);
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const invalid = !from || !to || from > to;

  async function exportRange(kind: XeroFileKind) {
    setBusy(kind);
    try {
      const { payouts, gstRegistered } = await readPayoutsBetween(from, to);
      if (payouts.length === 0) {
        toast.info(strings.exports.nothing);
        return;
      }
      // Failed payouts are exported too: their sales and fees happened. Their own row and the line returning
      // their money are left out by the rows themselves (shared/xero-csv.ts, docs/decisions.md #121).
      const rows = downloadXeroCsv(`paylink-payouts-${from}-to-${to}`, kind, payouts, { ...options, gstRegistered });
      toast.success(strings.exports.done(rows));
    } catch (error) {
      toast.error(error instanceof RangeError ? error.message : strings.exports.failed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{strings.exports.title}</CardTitle>
        <CardDescription>{strings.exports.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={fromId}>{strings.exports.from}</Label>
            <Input
              id={fromId}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={invalid ? errorId : undefined}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={toId}>{strings.exports.to}</Label>
            <Input
              id={toId}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={invalid ? errorId : undefined}
            />
          </div>
        </div>
        {invalid ? (
          <p id={errorId} className="text-sm text-destructive">
            {strings.exports.invalidRange}
          </p>
        ) : null}
        {/* The labels are long: on a phone they wrap inside their buttons rather than push the card wider. */}
        <div className="flex flex-wrap gap-2">
          <Button
            className={WRAPPING_LABEL}
            onClick={() => void exportRange('statement')}
            disabled={invalid || busy !== null}
          >
            <Download aria-hidden="true" />
            {busy === 'statement' ? strings.exports.working : strings.exports.rangeStatement}
          </Button>
          <Button
            variant="outline"
            className={WRAPPING_LABEL}
            onClick={() => void exportRange('precoded')}
            disabled={invalid || busy !== null}
          >
            <Download aria-hidden="true" />
            {busy === 'precoded' ? strings.exports.working : strings.exports.rangePrecoded}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
