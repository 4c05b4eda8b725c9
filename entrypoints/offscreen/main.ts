import { startOffscreenSound } from '../../src/background/alerts/alert-sound';

startOffscreenSound();
