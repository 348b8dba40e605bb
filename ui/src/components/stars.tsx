// Two runs of stars rather than a span each: the same look in half the elements, and a
// review list is most of a tour page's markup (every element is server-render time).
export function Stars({ rating }: { rating: number }) {
  const full = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      <span className="stars__on" aria-hidden="true">
        {'★'.repeat(full)}
      </span>
      <span className="stars__off" aria-hidden="true">
        {'★'.repeat(5 - full)}
      </span>
    </span>
  );
}
