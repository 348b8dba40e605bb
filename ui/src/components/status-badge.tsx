/** A status as a coloured pill: `status--{status}` picks the colour (main.css). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status status--${status}`}>{label}</span>;
}
