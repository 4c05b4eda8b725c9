import { startOptions } from '../../src/options';

startOptions(document.body.appendChild(document.createElement('div')));
