import { ChevronDown, Mail, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { supportMailto } from '@web/components/contact-support-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { supportStrings as strings } from '../support-strings';
import { LegalPageLayout } from './legal-page-layout';

/**
 * /support: email, live chat and phone cards, then the FAQ. There is no chat
 * service or phone line, so those cards say so and open an email to support instead (docs/decisions.md #14).
 */
export function SupportPage() {
  return (
    <LegalPageLayout title={strings.title}>
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{strings.heading}</h1>
        <p className="leading-7 text-muted-foreground">{strings.intro}</p>
      </header>

      <section aria-labelledby="contact-us" className="flex flex-col gap-4">
        <h2 id="contact-us" className="text-xl font-semibold tracking-tight">
          {strings.contactHeading}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          <ContactCard icon={<Mail aria-hidden="true" />} channel={strings.email} />
          <ContactCard icon={<MessageCircle aria-hidden="true" />} channel={strings.chat} />
          <ContactCard icon={<Phone aria-hidden="true" />} channel={strings.phone} />
        </ul>
      </section>

      <section aria-labelledby="faq" className="flex flex-col gap-6">
        <h2 id="faq" className="text-xl font-semibold tracking-tight">
          {strings.faqHeading}
        </h2>
        {strings.faqGroups.map((group) => (
          <div key={group.heading} className="flex flex-col gap-3">
            <h3 className="font-semibold text-muted-foreground">{group.heading}</h3>
            <div className="divide-y divide-border rounded-card border border-border bg-background shadow-sm">
              {group.items.map((item) => (
                <details key={item.question} className="group">
                  {/* A native disclosure: Enter or Space on the focused question opens it, no script needed. */}
                  <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 rounded-card px-4 py-3 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:px-5 [&::-webkit-details-marker]:hidden">
                    {item.question}
                    <ChevronDown
                      aria-hidden="true"
                      className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
                    />
                  </summary>
                  <div className="flex flex-col gap-2 px-4 pb-4 leading-7 text-muted-foreground sm:px-5">
                    {item.answer.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              ))}
            </div>
          </div>
        ))}
      </section>
    </LegalPageLayout>
  );
}

interface ContactChannel {
  heading: string;
  body: string;
  action: string;
  mail: { subject: string; body: string };
}

function ContactCard({ icon, channel }: { icon: ReactNode; channel: ContactChannel }) {
  return (
    <li className="flex">
      <Card className="flex w-full flex-col">
        <CardHeader className="gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-5">
            {icon}
          </span>
          <CardTitle>{channel.heading}</CardTitle>
          <CardDescription className="leading-6">{channel.body}</CardDescription>
        </CardHeader>
        <CardContent className="mt-auto">
          <Button asChild variant="outline" className="h-auto min-h-10 w-full py-2 text-center whitespace-normal">
            <a href={supportMailto(channel.mail)}>{channel.action}</a>
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}
