import { removeLogo, uploadLogo } from '../../api/admin-settings';
import { settleAnswer } from '../../lib/answer';
import { useSubmit } from '../../lib/use-submit';
import type { BusinessSettings } from '../../props';
import { PictureUpload } from './picture-upload';

interface LogoSettingsProps {
  settings: BusinessSettings;
  onSaved: (saved: BusinessSettings) => void;
}

/**
 * The logo: a preview of the header's and the favicon's sizes, an upload (PNG, JPEG or
 * WebP; the server makes the sizes and refuses SVG in words) and its removal.
 * Ids for browser tests: #settings-logo, #settings-logo-file, #settings-logo-file-submit,
 * #settings-logo-remove.
 */
export function LogoSettings({ settings, onSaved }: LogoSettingsProps) {
  const logo = settings.logo;
  const remove = useSubmit(
    async () => {
      const saved = settleAnswer(await removeLogo(), 'settings', 'Logo removed');
      if (saved) onSaved(saved);
    },
    { busyText: 'Removing...' },
  );
  const upload = async (file: File | undefined) => {
    const saved = settleAnswer(await uploadLogo(file), 'settings', 'Logo updated successfully');
    if (saved) onSaved(saved);
    return saved !== null;
  };

  return (
    <section id="settings-logo" className="admin-section" aria-labelledby="settings-logo-title">
      <h2 id="settings-logo-title" className="section-title">
        Logo
      </h2>
      {logo ? (
        <div className="logo-preview">
          <img className="logo-preview__header" src={logo.header} alt={`Logo of ${settings.name || 'the business'}, as the header shows it`} />
          <img className="logo-preview__icon" src={logo.favicon} alt="The logo as the browser's tab icon" width={48} height={48} />
        </div>
      ) : (
        <p className="admin-note">No logo yet: the header shows the business's name instead.</p>
      )}
      <p className="form__hint">
        PNG (best with a transparent background), JPEG or WebP, up to 5 MB. It is made into the sizes the header, emails and browser tab need.
      </p>
      <PictureUpload id="settings-logo-file" label="Logo file" buttonText={logo ? 'Replace logo' : 'Upload logo'} onUpload={upload} />
      {logo ? (
        <button id="settings-logo-remove" type="button" className="btn btn--small btn--outline btn--danger" disabled={remove.busy} onClick={() => void remove.run()}>
          {remove.text('Remove logo')}
        </button>
      ) : null}
    </section>
  );
}
