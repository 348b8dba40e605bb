import { useState, type Dispatch, type SetStateAction } from 'react';
import { createTour, updateTour, type TourInput } from '../../api/admin';
import { replaceUrl } from '../../lib/navigate';
import type { RunTourCall } from '../../lib/tour-answer';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { useSubmit } from '../../lib/use-submit';
import type { AdminTour, GuideOption } from '../../props';
import { BookingFormEditor, bookingFormInput, bookingFormOf, sameBookingForm, type BookingFormDraft } from './booking-form-editor';
import { CancellationPolicyEditor, sameTiers, tierDraftsOf, tierInput, type TierDraft } from './cancellation-policy-editor';
import { StopEditor, sameStops, stopDraftsOf, stopInput } from './stop-editor';
import type { StopDraft } from './stop-row';
import { detailsInput, detailsOf, TourDetailsFields, type DetailsDraft } from './tour-details-fields';

const SAVING_TEXT = 'Saving...';

/** What the operator edits together and saves with one Save: the details, the stops, the policy, the prices and questions. */
interface TourDraft {
  details: DetailsDraft;
  stops: StopDraft[];
  tiers: TierDraft[];
  /** null until the tour exists */
  form: BookingFormDraft | null;
}

/** The draft of a tour as saved; stops keep the rows' keys (no marker churn on the map). */
function draftOf(tour: AdminTour | null, currencies: string[], stopKeys: string[] = []): TourDraft {
  return {
    details: detailsOf(tour, currencies),
    stops: tour ? stopDraftsOf(tour.locations, stopKeys) : [],
    tiers: tour ? tierDraftsOf(tour.cancellationPolicy) : [],
    form: tour ? bookingFormOf(tour) : null,
  };
}

/** The whole tour as the API takes it: one call, checked all at once, saved in one transaction. */
function inputOf(draft: TourDraft): TourInput {
  return {
    ...detailsInput(draft.details),
    locations: draft.stops.map(stopInput),
    cancellationPolicy: draft.tiers.map(tierInput),
    ...(draft.form ? bookingFormInput(draft.form) : {}),
  };
}

/** Whether anything typed differs from the tour as last saved. */
function changed(draft: TourDraft, tour: AdminTour | null, currencies: string[]): boolean {
  if (JSON.stringify(draft.details) !== JSON.stringify(detailsOf(tour, currencies))) return true;
  return (
    tour !== null &&
    (!sameStops(draft.stops, tour.locations) ||
      !sameTiers(draft.tiers, tour.cancellationPolicy) ||
      (draft.form !== null && !sameBookingForm(draft.form, tour)))
  );
}

interface TourFormProps {
  /** null: the form creates a tour (its stops and policy come once it exists) */
  tour: AdminTour | null;
  guides: GuideOption[];
  timeZones: string[];
  currencies: string[];
  canEdit: boolean;
  run: RunTourCall;
}

/**
 * The parts of a tour an operator edits together, saved with one "Save tour": every field
 * the server refuses is marked at once, wherever it is, and one alert says how it went.
 * It keeps its own copy of what was typed: a failed save keeps every field as it was, and
 * the page's separate actions (pictures, departures, publishing) do not reset it.
 */
export function TourForm({ tour, guides, timeZones, currencies, canEdit, run }: TourFormProps) {
  const [draft, setDraft] = useState(() => draftOf(tour, currencies));
  const dirty = canEdit && changed(draft, tour, currencies);
  useUnsavedChanges(dirty);
  /** The setter of one part, as its section's own state setter would be. */
  function setPart<K extends keyof TourDraft>(key: K): Dispatch<SetStateAction<TourDraft[K]>> {
    return (next) =>
      setDraft((d) => ({ ...d, [key]: typeof next === 'function' ? (next as (prev: TourDraft[K]) => TourDraft[K])(d[key]) : next }));
  }

  /** The prices and questions' setter: they exist once the tour does. */
  const setForm: Dispatch<SetStateAction<BookingFormDraft>> = (next) =>
    setDraft((d) => (d.form ? { ...d, form: typeof next === 'function' ? next(d.form) : next } : d));

  const save = useSubmit(
    async () => {
      const keys = draft.stops.map((s) => s.key);
      if (!tour) {
        // The page takes the new tour as its copy and goes on as its editor, at its address:
        // no page load, so the 'Tour created' alert stays in view. The policy is the
        // server's default until it is edited.
        const created = await run(createTour({ ...detailsInput(draft.details), locations: [] }), 'Tour created');
        if (created) {
          replaceUrl(`/admin/tours/${encodeURIComponent(created.tour.id)}`);
          setDraft(draftOf(created.tour, currencies));
        }
        return;
      }
      const saved = await run(updateTour(tour.id, tour.version, inputOf(draft)), 'Tour saved');
      if (saved) setDraft(draftOf(saved.tour, currencies, keys));
    },
    { busyText: SAVING_TEXT },
  );

  return (
    <form id="tour-form" className="admin-tour__form" noValidate onSubmit={save.onSubmit} aria-label="Tour">
      <TourDetailsFields
        draft={draft.details}
        setDraft={setPart('details')}
        errors={save.errors}
        guides={guides}
        timeZones={timeZones}
        currencies={currencies}
        canEdit={canEdit}
        isNew={!tour}
      />
      {tour ? (
        <>
          <StopEditor
            tour={tour}
            canEdit={canEdit}
            stops={draft.stops}
            setStops={setPart('stops')}
            errors={save.errors}
          />
          <CancellationPolicyEditor
            canEdit={canEdit}
            tiers={draft.tiers}
            setTiers={setPart('tiers')}
            errors={save.errors}
          />
          {draft.form ? (
            <BookingFormEditor
              canEdit={canEdit}
              currency={draft.details.currency}
              draft={draft.form}
              setDraft={setForm}
              errors={save.errors}
            />
          ) : null}
        </>
      ) : null}
      {canEdit ? (
        // Stays in view at the foot of the screen while any part of the form is.
        <div className="admin-savebar">
          <button id="save-tour" type="submit" className="btn btn--primary" disabled={save.busy}>
            {save.text(tour ? 'Save tour' : 'Create tour')}
          </button>
          <p id="tour-form-state" className="admin-savebar__state" aria-live="polite">
            {dirty ? 'Changes not saved yet' : ''}
          </p>
        </div>
      ) : null}
    </form>
  );
}
