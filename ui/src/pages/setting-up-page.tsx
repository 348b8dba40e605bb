/** Every page of a site that has no administrator yet. */
export function SettingUpPage() {
  return (
    <div className="form-page">
      <h1 className="page-title">This site is being set up</h1>
      <p>Please come back a little later.</p>
    </div>
  );
}
