import { legalStrings, type LegalDocument } from '../legal-strings';
import { LegalPageLayout } from './legal-page-layout';

/** A legal document: its h1, the 'Last updated' line, a table of contents, and one h2 per section. */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  return (
    <LegalPageLayout title={document.title}>
      <article className="flex flex-col gap-8 rounded-card border border-border bg-background p-5 shadow-sm sm:p-10">
        <header className="flex flex-col gap-3">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{document.title}</h1>
          {document.lastUpdated ? <p className="text-sm text-muted-foreground">{document.lastUpdated}</p> : null}
          {document.intro.map((paragraph) => (
            <p key={paragraph} className="leading-7">
              {paragraph}
            </p>
          ))}
        </header>
        {document.sections.length > 3 ? (
          <nav aria-labelledby="on-this-page" className="rounded-lg bg-surface p-4 sm:p-5">
            <h2 id="on-this-page" className="text-sm font-semibold">
              {legalStrings.onThisPage}
            </h2>
            <ol className="mt-2 flex flex-col gap-1 text-sm">
              {document.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="rounded-md text-primary underline-offset-4 hover:underline">
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        {document.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className="flex scroll-mt-6 flex-col gap-3">
            <h2 id={section.id} className="text-xl font-semibold tracking-tight">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="leading-7">
                {paragraph}
              </p>
            ))}
            {section.list ? (
              <ul className="flex list-disc flex-col gap-2 pl-6 leading-7 marker:text-muted-foreground">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.after?.map((paragraph) => (
              <p key={paragraph} className="leading-7">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </LegalPageLayout>
  );
}
