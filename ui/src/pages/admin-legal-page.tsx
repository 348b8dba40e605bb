// /admin/legal (docs/admin.md, admins): the terms of booking, the privacy notice and the
// imprint, each written in Markdown with a preview, and the versions of the terms (each
// save is one; bookings keep the version their traveller accepted).
// Ids for browser tests: #admin-nav, the editors' (LegalEditor), #terms-versions-table.
import { useState } from 'react';
import { AdminList } from '../components/admin/admin-list';
import { LegalEditor } from '../components/admin/legal-editor';
import type { AdminLegalVersion, PageProps } from '../props';

export function AdminLegalPage({ texts, termsVersions, maxLength }: PageProps['adminLegal']) {
  const [versions, setVersions] = useState(termsVersions);
  function saved(kind: string, version: AdminLegalVersion) {
    if (kind === 'terms') setVersions((list) => [version, ...list]);
  }
  return (
    <AdminList
      section="legal"
      title="Legal pages"
      path="/admin/legal"
      id="terms-versions"
      caption="Versions of the terms of booking, newest first"
      columns={['Version', 'Saved', 'By']}
      rows={versions.map((v) => ({ ...v, id: String(v.number) }))}
      row={(v) => (
        <tr>
          <th scope="row">
            <a href={v.url}>{`Version ${v.number}`}</a>
          </th>
          <td>{v.savedAt}</td>
          <td>{v.savedBy}</td>
        </tr>
      )}
      empty={{ none: 'No terms of booking yet: travellers book without a checkbox until you save them.' }}
      before={
        <>
          {texts.map((text) => (
            <LegalEditor key={text.kind} text={text} maxLength={maxLength} onSaved={saved} />
          ))}
          <h2 className="section-title">Versions of the terms of booking</h2>
        </>
      }
    />
  );
}
