import type { Question } from '@trackline/contract/content-types';
import { RichText } from './rich-text';
import './qa.css';

/** Questions with expandable answers; native <details> gives keyboard and screen-reader support for free. */
export function QuestionList({ questions, busy }: { questions: Question[]; busy: boolean }) {
  return (
    <ul className={busy ? 'qa-list list-fetching' : 'qa-list'} aria-busy={busy}>
      {questions.map((question) => (
        <li key={question.id}>
          <details className="qa-item">
            <summary className="qa-item__question">
              <span className="qa-item__mark" aria-hidden="true">
                Q
              </span>
              <span className="qa-item__text">{question.question}</span>
              {question.category_name && <span className="content-badge">{question.category_name}</span>}
            </summary>
            <RichText html={question.answer} className="qa-item__answer" />
          </details>
        </li>
      ))}
    </ul>
  );
}
