export { useCreatePerson } from './api/create-person';
export { useDeletePerson } from './api/delete-person';
export { usePerson } from './api/get-person';
export { usePersons } from './api/get-persons';
export { useUpdatePerson } from './api/update-person';
export { AccountFieldEditor, type EditableAccountField } from './components/account-field-editor';
export { DeleteUserModal } from './components/delete-user-modal';
export { UserList } from './components/user-list';
