// The icons live in '@/components/icons.tsx'. schedule-window-fields.tsx still imports TrashIcon from this
// path; once it imports from there, delete this file.
export { TrashIcon } from '@/components/icons.tsx';
