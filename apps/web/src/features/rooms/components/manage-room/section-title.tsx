/** The small upper-case heading of a Manage Room section. */
export function SectionTitle({ children }: { children: string }) {
  return (
    <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{children}</h3>
  );
}
