import { certifyMutants } from './mutations.js';

certifyMutants('dsp');
