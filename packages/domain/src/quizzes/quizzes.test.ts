import { describe, expect, it } from 'vitest';
import * as domain from '../index.ts';
import { LESSONS } from '../lessons/lesson.ts';
import { gradeQuiz, quizAnswerProblem, QUIZZES } from './quizzes.ts';

describe('lesson quizzes', () => {
  it('every lesson has 3 to 5 questions, each with its right answer among its choices and an explanation', () => {
    expect(Object.keys(QUIZZES).sort()).toEqual(LESSONS.map((l) => l.slug).sort());
    for (const lesson of LESSONS) {
      const questions = QUIZZES[lesson.slug] ?? [];
      expect(questions.length, lesson.slug).toBeGreaterThanOrEqual(3);
      expect(questions.length, lesson.slug).toBeLessThanOrEqual(5);
      expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
      for (const q of questions) {
        expect(
          q.choices.map((c) => c.id),
          `${lesson.slug} ${q.id}`,
        ).toContain(q.answer);
        expect(q.choices.length).toBeGreaterThanOrEqual(2);
        expect(q.explanation.length).toBeGreaterThan(20);
      }
    }
  });

  it('the package main entry carries no answer key, so the web bundle cannot either', () => {
    expect(Object.keys(domain)).not.toContain('QUIZZES');
    expect(Object.keys(domain)).not.toContain('gradeQuiz');
    expect(JSON.stringify(LESSONS)).not.toContain('explanation');
  });

  it('grades an attempt question by question', () => {
    const questions = QUIZZES['market-orders'] ?? [];
    const right = questions.map((q) => q.answer);
    expect(gradeQuiz(questions, right).score).toBe(questions.length);
    const oneWrong = [right[0] === 'a' ? 'b' : 'a', ...right.slice(1)];
    const result = gradeQuiz(questions, oneWrong);
    expect(result).toMatchObject({ score: questions.length - 1, total: questions.length });
    expect(result.graded[0]).toMatchObject({ questionId: 'q1', correct: false, answer: right[0] });
  });

  it('refuses answers of the wrong count or naming no choice, saying which', () => {
    const questions = QUIZZES['market-orders'] ?? [];
    expect(quizAnswerProblem(questions, ['a'])?.index).toBeNull();
    expect(quizAnswerProblem(questions, ['a', 'z', 'a'])).toEqual({
      index: 1,
      message: 'Question 2 has no choice "z"',
    });
    expect(quizAnswerProblem(questions, ['a', 'b', 'c'])).toBeNull();
  });
});
