/**
 * A lesson's quiz with its answer key. Only the server imports this module (through
 * `@papertrade/domain/quizzes`): the web app gets the questions without their answers from
 * GET /lessons/:slug/quiz and the explanations only with a graded attempt
 * (docs/decisions/027-lesson-quizzes-on-the-server.md).
 */
export interface QuizChoice {
  id: string;
  text: string;
}

export interface QuizQuestion {
  /** Stable within its lesson: stored attempts name their answers by question order, not by id. */
  id: string;
  text: string;
  choices: QuizChoice[];
  /** The id of the right choice. */
  answer: string;
  /** Why the right choice is right, shown after the attempt whatever was chosen. */
  explanation: string;
}

/** Choices are lettered a, b, c, ... in the order written. */
export function lettered(texts: string[]): QuizChoice[] {
  return texts.map((text, i) => ({ id: String.fromCharCode(97 + i), text }));
}
