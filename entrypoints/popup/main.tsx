import { startPopup } from '../../src/popup';

startPopup(document.body.appendChild(document.createElement('div')));
