// What the selected event changed: each path of the state (and of the page or dialog shown) with its value before
// and after (events/selectors/stateDiff.ts).
import { showValue, type Change } from '../../../events/selectors/stateDiff';

export function ChangesPanel({ changes }: { readonly changes: readonly Change[] }) {
  if (changes.length === 0) return <p>This event changed nothing but the log's count.</p>;
  return (
    <table className="support-table support-changes" aria-label="What this event changed">
      <thead>
        <tr>
          <th scope="col">Path</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.path}>
            <th scope="row">
              <code>{change.path}</code>
            </th>
            <td>
              <code>{showValue(change.before)}</code>
            </td>
            <td>
              <code>{showValue(change.after)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
