import { useRef } from 'react';
import { useSubmit } from '../../lib/use-submit';

const UPLOADING_TEXT = 'Uploading...';

interface PictureUploadProps {
  id: string;
  label: string;
  buttonText: string;
  /** Resolves true when the picture was taken; the chosen file is then cleared. */
  onUpload: (file: File | undefined) => Promise<boolean>;
}

/** A file input and its button. Nothing is checked here: the server says what it refuses. */
export function PictureUpload({ id, label, buttonText, onUpload }: PictureUploadProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useSubmit(
    async () => {
      const ok = await onUpload(fileRef.current?.files?.[0]);
      if (ok && fileRef.current) fileRef.current.value = '';
    },
    { busyText: UPLOADING_TEXT },
  );

  return (
    <form className="picture-upload" noValidate onSubmit={upload.onSubmit}>
      <div className="form__group">
        <label className="form__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          ref={fileRef}
          className="form__upload"
          type="file"
          name="picture"
          accept="image/jpeg,image/png,image/webp"
        />
      </div>
      <button id={`${id}-submit`} type="submit" className="btn btn--small" disabled={upload.busy}>
        {upload.text(buttonText)}
      </button>
    </form>
  );
}
