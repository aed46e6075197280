import { useCallback } from 'react';
import type { ListField, ResumeContent, SectionKey } from '#shared/resume';
import { useChange, useDocument } from '../../store/document-store.ts';
import { useGetDocument } from '../document-access.tsx';
import { CustomSectionItems } from './custom-section.tsx';
import type { ItemKind } from './item-kind.ts';
import {
  awardKind,
  certificationKind,
  educationKind,
  experienceKind,
  languageKind,
  linkKind,
  projectKind,
  skillKind,
  volunteeringKind,
} from './item-kinds.ts';
import { ItemList } from './item-list.tsx';
import { ReviewScope } from './review-mark.tsx';
import { customSectionId } from './section-titles.ts';
import { SummaryEditor } from './summary.tsx';

type ItemListField = Exclude<ListField, 'customSections'>;

const kinds: { [K in ItemListField]: ItemKind<ResumeContent[K][number]> } = {
  experience: experienceKind,
  education: educationKind,
  skills: skillKind,
  links: linkKind,
  projects: projectKind,
  certifications: certificationKind,
  languages: languageKind,
  awards: awardKind,
  volunteering: volunteeringKind,
};

/** One of the resume's top-level lists, edited in place. */
function BuiltInList<K extends ItemListField>({ field }: { field: K }) {
  const change = useChange();
  const get = useGetDocument();
  const items = useDocument((d) => d[field]);
  const read = useCallback(() => get()[field], [get, field]);
  const write = useCallback(
    (next: ResumeContent[K], coalesce?: string) =>
      change({ [field]: next } as Partial<ResumeContent>, coalesce ? { coalesce } : undefined),
    [change, field],
  );
  return (
    <ItemList
      kind={kinds[field] as ItemKind<ResumeContent[K][number]>}
      scope={field}
      items={items}
      read={read}
      write={write as (next: ResumeContent[K][number][], coalesce?: string) => void}
    />
  );
}

/** The editor of one orderable section. */
export function SectionBody({ sectionKey }: { sectionKey: SectionKey }) {
  if (sectionKey === 'objectives') {
    return (
      <ReviewScope value="personalInfo">
        <SummaryEditor />
      </ReviewScope>
    );
  }
  const customId = customSectionId(sectionKey);
  if (customId !== null) return <CustomSectionItems sectionId={customId} />;
  return <BuiltInList field={sectionKey as ItemListField} />;
}
