import { z } from 'zod';
import { countedLength, FIELD_MESSAGES, TEXTAREA_MAX_LENGTH } from '../common/field-rules.ts';

/** How an intake question is answered; the server checks each stored answer against it. */
export const ANSWER_TYPES = ['TEXT', 'YES_NO', 'DATE', 'CHOICE'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

export const YES_NO_ANSWERS = ['Yes', 'No'] as const;

export const intakeQuestionSchema = z.object({
  id: z.uuid(),
  lawType: z.string(),
  question: z.string(),
  answerType: z.enum(ANSWER_TYPES),
  choices: z.array(z.string()).nullable(),
  required: z.boolean(),
  sortOrder: z.number().int(),
});
export type IntakeQuestion = z.infer<typeof intakeQuestionSchema>;
export const intakeQuestionListSchema = z.array(intakeQuestionSchema);

/** GET /api/v1/intake/questions?lawType=…: the law type's id (INQUIRY_LAW_TYPE option) or its value. */
export const intakeQuestionsQuerySchema = z
  .object({ lawType: z.string().trim().min(1, 'Law Type is a required field.').max(100) })
  .strict();

/** Label used in answer messages (the question text is too long to read as a label). */
const ANSWER_LABEL = 'Answer';

export const INTAKE_MESSAGES = {
  yesNo: `${ANSWER_LABEL} must be Yes or No.`,
  date: `${ANSWER_LABEL} must be a valid date.`,
  choice: `${ANSWER_LABEL} must be one of the choices.`,
  unknownQuestion: `${ANSWER_LABEL} is not a question of this law type.`,
  maxLength: FIELD_MESSAGES.maxLength(ANSWER_LABEL, TEXTAREA_MAX_LENGTH),
} as const;

/** MM-dd-yyyy that names a real calendar day (leap years honoured). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return false;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The message for an answer that does not fit its question's answer type, or undefined when it fits.
 * An empty answer always fits (intake happens on the phone; questions may stay open).
 */
export function intakeAnswerError(question: Pick<IntakeQuestion, 'answerType' | 'choices'>, answer: string) {
  const value = answer.trim();
  if (value === '') return undefined;
  switch (question.answerType) {
    case 'TEXT':
      // SPEC §5/§9: the textarea default limit; whitespace is not counted.
      return countedLength(value) <= TEXTAREA_MAX_LENGTH ? undefined : INTAKE_MESSAGES.maxLength;
    case 'YES_NO':
      return (YES_NO_ANSWERS as readonly string[]).includes(value) ? undefined : INTAKE_MESSAGES.yesNo;
    case 'DATE':
      return isCalendarDate(value) ? undefined : INTAKE_MESSAGES.date;
    case 'CHOICE':
      return question.choices?.includes(value) ? undefined : INTAKE_MESSAGES.choice;
  }
}

/** Answers as stored with the inquiry: question id → answer text. */
export const intakeAnswersSchema = z
  .record(
    z.uuid(),
    // A question shown but not answered yet is blank (null or undefined from the form).
    z
      .string()
      .max(2000)
      .nullish()
      .transform((v) => v ?? ''),
  )
  .refine((a) => Object.keys(a).length <= 100);
export type IntakeAnswers = z.infer<typeof intakeAnswersSchema>;
