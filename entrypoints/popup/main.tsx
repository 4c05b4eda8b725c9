import { bootPopup } from '../../src/popup/boot';

bootPopup(document.body.appendChild(document.createElement('div')));
