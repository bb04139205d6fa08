/**
 * The checkout's rarer parts, loaded after the first paint (in the script-tag bundle they are
 * files of their own): the courier form, once courier delivery is chosen, the code inputs, the
 * cashback choice where a partner offers it, and the PIN and only-booking dialogs.
 */
import { messages } from '@partera/contract';
import { type ComponentType, lazy, Suspense } from 'react';
import type { CashbackChoice as CashbackChoicePart } from './cashback.js';
import type { CodeInputs as CodeInputsPart } from './codes.js';
import type { CourierFields as CourierFieldsPart } from './courier-fields.js';
import type { BookingConflictDialog as ConflictPart, PinDialog as PinDialogPart } from './dialogs.js';

/** What shows in the part's place when its file cannot be fetched (the network dropped). */
function Unavailable() {
  return (
    <p className="pt-load-error" role="alert">
      {messages.serverError}
    </p>
  );
}

function part<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: Unavailable as ComponentType<P> }),
    ),
  );
  return (props: P) => (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}

export const CourierFields = part<Parameters<typeof CourierFieldsPart>[0]>(() =>
  import('./courier-fields.js').then((m) => m.CourierFields),
);
export const CodeInputs = part<Parameters<typeof CodeInputsPart>[0]>(() =>
  import('./codes.js').then((m) => m.CodeInputs),
);
export const CashbackChoice = part<Parameters<typeof CashbackChoicePart>[0]>(() =>
  import('./cashback.js').then((m) => m.CashbackChoice),
);
export const PinDialog = part<Parameters<typeof PinDialogPart>[0]>(() =>
  import('./dialogs.js').then((m) => m.PinDialog),
);
export const BookingConflictDialog = part<Parameters<typeof ConflictPart>[0]>(() =>
  import('./dialogs.js').then((m) => m.BookingConflictDialog),
);
