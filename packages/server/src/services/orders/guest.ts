import { isValidEmail, messages, validateGuestForm } from '@partera/contract';

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

/** The same checks as the checkout form (contract rules 5.5), run again on the server. */
export function validateGuest(g: GuestDetails): string | null {
  const check = validateGuestForm({
    email: g.email,
    name: g.name,
    surname: g.surname,
    patronymic: g.patronymic ?? undefined,
    phone: g.phone ?? undefined,
    payment: 'card',
  });
  if (!check.valid) return check.toast ?? messages.fillAllFields;
  return checkGuestEmail(g.email);
}
