/** A telephone link: the number as written (or label), dialled without its spaces and dashes. */
export function PhoneLink({ phone, className, label, id }: { phone: string; className?: string; label?: string; id?: string }) {
  return (
    <a id={id} className={className} href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
      {label ?? phone}
    </a>
  );
}
