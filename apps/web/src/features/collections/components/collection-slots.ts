import { createContext, type ComponentType } from 'react';

/** What a contact action on an account needs: the client, the account it is about and the number to use. */
export interface AccountContactTarget {
  clientId: string;
  collectionAccountId: string;
  phoneNumber?: string;
}

/** Whom the account's mail is to: the account and its client. */
export interface AccountLettersTarget {
  collectionAccountId: string;
  client: { id: string; name: string; email: string | null; officeId: string | null };
}

/**
 * What other features add to the account page. app/ fills it (DESIGN §2: a feature never imports another;
 * app/ composes them), so this feature only names the places.
 */
export interface CollectionSlots {
  /** Click-to-call with the account (calls); shown only to users who may call. */
  CallButton?: ComponentType<AccountContactTarget>;
  /** The Text Message drawer preset to the client's number, the account and its categories (SMS). */
  SendTextButton?: ComponentType<AccountContactTarget>;
  /** The account's e-mails and letters, with Send e-mail and Write letter (mail). */
  LettersPanel?: ComponentType<AccountLettersTarget>;
  /** The account's letter and e-mail drafts, approved by a second person before they go out (mail). */
  DraftsPanel?: ComponentType<AccountLettersTarget>;
}

export const CollectionSlotsContext = createContext<CollectionSlots>({});
