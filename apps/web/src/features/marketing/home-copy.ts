/** The home page's hero copy (spec §1). */
export const HERO_TITLE = 'Medical Learning Platform';
export const HERO_SUBTITLE = 'Your comprehensive platform for medical education and professional development';
export const WHY_CHOOSE_TITLE = 'Why Choose Our Platform?';
/** The hero's two actions for a visitor who is not signed in. */
export const HERO_GET_STARTED = 'Get Started';
export const HERO_SIGN_IN = 'Sign In';
/** Decision 0022: visitors can reach the catalogue from the home page. */
export const HERO_BROWSE = 'Browse Exams';
/** Decision 0022: said in place of 'Get Started' and 'Create Your Account' while registration is closed. */
export const REGISTRATION_CLOSED_NOTE = 'Registration is currently closed.';
