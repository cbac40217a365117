import { certifyMutants } from './mutations.js';

certifyMutants('events');
