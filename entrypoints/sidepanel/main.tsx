import { startSidePanel } from '../../src/sidepanel';

startSidePanel(document.body.appendChild(document.createElement('div')));
