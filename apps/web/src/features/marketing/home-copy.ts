/** The home page's hero copy (spec §1), shared by the React page and the static page shell. */
export const HERO_TITLE = 'Medical Learning Platform';
export const HERO_SUBTITLE = 'Your comprehensive platform for medical education and professional development';
export const WHY_CHOOSE_TITLE = 'Why Choose Our Platform?';
/** The hero's two actions for a visitor who is not signed in. */
export const HERO_GET_STARTED = 'Get Started';
export const HERO_SIGN_IN = 'Sign In';
