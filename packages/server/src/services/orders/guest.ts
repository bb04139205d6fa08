import { isValidEmail, messages, type PaymentMethod, validateGuestForm } from '@partera/contract';

/** The guest buyer's details (hall-basket-checkout.md 3.13). */
export interface GuestDetails {
  email: string;
  name: string;
  surname: string;
  patronymic?: string | null;
  phone?: string | null;
}

/** The server's e-mail check (/registration/validateField/): null when valid, else the message. */
export function checkGuestEmail(email: string): string | null {
  const value = email.trim();
  if (!isValidEmail(value) || value.length > 254) return 'Проверьте e-mail: в адресе ошибка';
  return null;
}

/**
 * The same checks as the checkout form (contract rules 5.5), run again on the server: for
 * non-card methods (cash, bonus, the culture card…) patronymic and phone are required too.
 */
export function validateGuest(g: GuestDetails, payment: PaymentMethod = 'card'): string | null {
  const check = validateGuestForm({
    email: g.email,
    name: g.name,
    surname: g.surname,
    patronymic: g.patronymic ?? undefined,
    phone: g.phone ?? undefined,
    payment,
  });
  if (!check.valid) return check.toast ?? messages.fillAllFields;
  return checkGuestEmail(g.email);
}
