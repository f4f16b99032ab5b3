/** The heading and one-line introduction every landing section opens with. */
export function SectionHeading({ id, heading, intro }: { id: string; heading: string; intro: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {heading}
      </h2>
      <p className="text-lg text-muted-foreground">{intro}</p>
    </div>
  );
}
