/**
 * Every `waitFor` and `findBy…` of the widget tests waits for what it waits for, not for
 * Testing Library's default second: on a loaded machine a lazy chunk or a fetch can take longer
 * (issue 9: the script-bundle seat-map test gave up after 1 s under load). A wait that never comes
 * still fails, at the test's own time limit.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 30_000 });
