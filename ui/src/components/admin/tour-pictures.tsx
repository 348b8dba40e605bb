import { orderPictures, removePicture, uploadPicture, type PictureKind, type TourAnswer } from '../../api/admin';
import type { ApiResponse } from '../../api/client';
import type { RunTourCall } from '../../lib/tour-answer';
import { useSubmit } from '../../lib/use-submit';
import type { AdminTour } from '../../props';
import { PictureUpload } from './picture-upload';
import { TOUR_PICTURE_HEIGHT, TOUR_PICTURE_WIDTH } from '../../lib/pictures';

export function TourPictures({ tour, canEdit, run }: { tour: AdminTour; canEdit: boolean; run: RunTourCall }) {

  async function upload(file: File | undefined, kind: PictureKind): Promise<boolean> {
    const done = await run(uploadPicture(tour.id, file, kind), kind === 'cover' ? 'Cover uploaded' : 'Picture added');
    return done !== null;
  }

  const change = useSubmit((call: Promise<ApiResponse<TourAnswer>>, success: string) => run(call, success));
  const busy = change.busy;

  function move(index: number, by: -1 | 1) {
    const files = tour.pictures.map((p) => p.file);
    const moving = files[index];
    const other = files[index + by];
    if (moving === undefined || other === undefined) return;
    files[index] = other;
    files[index + by] = moving;
    void change.run(orderPictures(tour.id, files), 'Pictures reordered');
  }

  const count = tour.pictures.length;
  return (
    <section className="admin-section" aria-labelledby="pictures-title">
      <h2 id="pictures-title" className="section-title">
        Pictures
      </h2>

      <h3 className="admin-subtitle">Cover</h3>
      <div className="admin-cover">
        {tour.cover ? (
          <img className="admin-cover__img" src={tour.cover.url} alt={`Cover of ${tour.name}`} width={TOUR_PICTURE_WIDTH} height={TOUR_PICTURE_HEIGHT} />
        ) : (
          <p className="empty">No cover picture yet.</p>
        )}
        {canEdit ? (
          <PictureUpload id="cover-picture" label="Cover picture" buttonText="Upload cover" onUpload={(file) => upload(file, 'cover')} />
        ) : null}
      </div>

      <h3 className="admin-subtitle">Gallery</h3>
      {count === 0 ? (
        <p className="empty">No gallery pictures yet.</p>
      ) : (
        <ol className="gallery" id="gallery">
          {tour.pictures.map((picture, i) => {
            const which = `: picture ${i + 1}`;
            return (
              <li key={picture.file} className="gallery__item">
                <img className="gallery__img" src={picture.url} alt={`${tour.name}, picture ${i + 1}`} loading="lazy" width={TOUR_PICTURE_WIDTH} height={TOUR_PICTURE_HEIGHT} />
                {canEdit ? (
                  <div className="admin-actions admin-actions--row">
                    <button
                      type="button"
                      className="btn btn--tiny"
                      aria-label={`Move left${which}`}
                      disabled={busy || i === 0}
                      onClick={() => move(i, -1)}
                    >
                      Move left
                    </button>
                    <button
                      type="button"
                      className="btn btn--tiny"
                      aria-label={`Move right${which}`}
                      disabled={busy || i === count - 1}
                      onClick={() => move(i, 1)}
                    >
                      Move right
                    </button>
                    <button
                      type="button"
                      className="btn btn--tiny btn--danger"
                      aria-label={`Remove${which}`}
                      disabled={busy}
                      onClick={() => void change.run(removePicture(tour.id, picture.file), 'Picture removed')}
                    >
                      Remove
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {canEdit ? (
        <PictureUpload id="gallery-picture" label="Gallery picture" buttonText="Add to gallery" onUpload={(file) => upload(file, 'gallery')} />
      ) : null}
    </section>
  );
}
