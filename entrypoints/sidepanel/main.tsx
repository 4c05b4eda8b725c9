import { bootSidePanel } from '../../src/sidepanel/boot';

bootSidePanel(document.body.appendChild(document.createElement('div')));
