/** The small upper-case heading of a Manage Room section. */
export function SectionTitle({ children, id }: { children: string; id?: string }) {
  return (
    <h3 id={id} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
      {children}
    </h3>
  );
}
