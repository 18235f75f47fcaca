/** What other features use of the account area: the API token section (the user editor shows it too). */
export { ApiTokenSection } from './ApiTokenSection.tsx';
