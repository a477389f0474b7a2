import type { AgeGroup } from '@club/shared/constants';
import { earliestBirthYear } from '@club/shared/tryouts';
import { tryoutMessages as t } from './messages';

/** The season's age groups with the earliest birth year each takes (spec §5 guidance), counted from its year. */
export function AgeGroupGuide({ groups, referenceYear }: { groups: AgeGroup[]; referenceYear: number }) {
  return (
    <section className="tryout-guide" aria-labelledby="age-guide-title">
      <h2 id="age-guide-title">{t.ageGuideTitle}</h2>
      <p>{t.ageGuideIntro}</p>
      <ul>
        {groups.map((group) => (
          <li key={group}>{t.ageGuideItem(group, earliestBirthYear(group, referenceYear))}</li>
        ))}
      </ul>
    </section>
  );
}
