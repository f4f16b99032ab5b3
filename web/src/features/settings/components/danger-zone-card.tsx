import { Mail } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { settingsStrings } from '../settings-strings';

const strings = settingsStrings.dangerZone;

/** Account deletion is not self-service (spec §6, DECISIONS.md row 14): the merchant emails support. */
export function DangerZoneCard({ email }: { email: string }) {
  const mailto = `mailto:${strings.supportEmail}?${new URLSearchParams({
    subject: strings.mailSubject,
    body: strings.mailBody(email),
  })
    .toString()
    // mailto wants %20 for spaces; URLSearchParams writes '+', which mail apps show literally.
    .replaceAll('+', '%20')}`;

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle as="h2" className="text-destructive">
          {strings.title}
        </CardTitle>
        <CardDescription>{strings.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold">{strings.deleteAccount}</h3>
          <p className="text-sm text-muted-foreground">{strings.deleteAccountSummary}</p>
        </div>
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline" className="border-red-200 text-destructive hover:bg-red-50">
              {strings.deleteAccount}
            </Button>
          </DialogTrigger>
          <DialogContent closeLabel={strings.close}>
            <DialogHeader>
              <DialogTitle>{strings.dialogTitle}</DialogTitle>
              <DialogDescription>
                {strings.dialogBody}{' '}
                <a href={mailto} className="font-medium text-primary underline-offset-4 hover:underline">
                  {strings.supportEmail}
                </a>{' '}
                {strings.dialogFollowUp}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{strings.close}</Button>
              </DialogClose>
              <Button asChild>
                <a href={mailto}>
                  <Mail aria-hidden="true" />
                  {strings.emailSupport}
                </a>
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
