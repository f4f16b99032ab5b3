import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ContactSupportDialog } from '@web/components/contact-support-dialog';
import { settingsStrings } from '../settings-strings';

const strings = settingsStrings.dangerZone;

/** Account deletion is not self-service (docs/decisions.md #14): the merchant emails support. */
export function DangerZoneCard({ email }: { email: string }) {
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
        <ContactSupportDialog
          trigger={
            <Button variant="outline" className="border-red-200 text-destructive hover:bg-red-50">
              {strings.deleteAccount}
            </Button>
          }
          title={strings.dialogTitle}
          body={strings.dialogBody}
          followUp={strings.dialogFollowUp}
          mail={{ subject: strings.mailSubject, body: strings.mailBody(email) }}
          labels={{ close: strings.close, emailSupport: strings.emailSupport }}
        />
      </CardContent>
    </Card>
  );
}
