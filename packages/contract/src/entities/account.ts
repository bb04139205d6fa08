/** Account entities (site-browsing-account.md 3 User profile, Account entities). */
import { z } from 'zod';

/** `{status, message}` answers of the account, phone and e-mail calls. */
export const STATUSES = ['success', 'error'] as const;
export const answerStatus = z.enum(STATUSES);
export const statusAnswer = z.object({ status: answerStatus, message: z.string().optional() });
export type StatusAnswer = z.infer<typeof statusAnswer>;
export const statusFailure = (message: string): StatusAnswer => ({ status: 'error', message });

/** Country code (ISO, default RU) → input mask ('9' digit, 'a' letter, '*' alphanumeric). */
export const phoneMasks = z.record(z.string(), z.string());

/** User profile, first reading. */
export const userProfileFlat = z.object({
  phone: z.string().nullable(),
  country: z.string(),
  phoneIsConfirmed: z.boolean(),
  phoneMasks: phoneMasks.optional(),
  email: z.string().nullable(),
  emailIsConfirmed: z.boolean(),
  lastName: z.string(),
  firstName: z.string(),
  patrName: z.string(),
  /** dd.mm.yyyy */
  birthDate: z.string().nullable(),
});

/** User profile, second reading. */
export const userProfileNested = z.object({
  phone: z.object({
    /** Digits only. */
    value: z.string(),
    confirmed: z.boolean(),
    country: z.string().default('RU'),
  }),
  email: z.object({ value: z.string(), confirmed: z.boolean() }),
  firstname: z.string(),
  patrname: z.string(),
  surname: z.string(),
  /** dd.mm.yyyy */
  birthdate: z.string().nullable(),
  phoneMasks: phoneMasks.optional(),
});

/** User profile: either reading. */
export const userProfile = z.union([userProfileNested, userProfileFlat]);
export type UserProfile = z.infer<typeof userProfile>;
export type UserProfileFlat = z.infer<typeof userProfileFlat>;
export type UserProfileNested = z.infer<typeof userProfileNested>;

/** Brings either reading to the second (nested) one. */
export function normalizeUserProfile(profile: UserProfile): UserProfileNested {
  if ('firstname' in profile) return profile;
  return {
    phone: { value: profile.phone ?? '', confirmed: profile.phoneIsConfirmed, country: profile.country || 'RU' },
    email: { value: profile.email ?? '', confirmed: profile.emailIsConfirmed },
    firstname: profile.firstName,
    patrname: profile.patrName,
    surname: profile.lastName,
    birthdate: profile.birthDate,
    ...(profile.phoneMasks ? { phoneMasks: profile.phoneMasks } : {}),
  };
}

/** A pending phone / e-mail change. */
export const pendingChange = z.object({
  phone: z.string().optional(),
  phoneCountry: z.string().optional(),
  email: z.string().optional(),
});

/** Promotion reward types (labels in format/labels.ts). */
export const REWARD_TYPES = ['fixed_value', 'multiplier', 'percent', 'added_value'] as const;
export const rewardType = z.enum(REWARD_TYPES);
export type RewardType = z.infer<typeof rewardType>;

export const promotion = z.object({
  name: z.string(),
  reward_type_code: rewardType,
  reward_value: z.number(),
  description: z.string(),
  dt: z.string(),
  program_id: z.number().int(),
  img_src: z.string(),
});
export type Promotion = z.infer<typeof promotion>;

/** Promo-code result: add is the new accrued balance, diff the points added. */
export const promoCodeResult = z.object({
  status: answerStatus,
  add: z.number().optional(),
  diff: z.number().optional(),
  message: z.string().optional(),
});

export const surveyResponse = z.object({
  result: z.boolean(),
  bonus: z.object({ sum: z.number() }).optional(),
  message: z.string().optional(),
});

export const reviewPromptInfo = z.object({
  /** show_id (extension): the show the prompt's 'Написать отзыв' opens the review form of. */
  data: z.object({ show_name: z.string(), show_id: z.number().int().optional() }),
  clientName: z.string(),
});

/** Age-check input. */
export const ageCheckInput = z.object({ maxAge: z.number(), birthDateString: z.string() });
