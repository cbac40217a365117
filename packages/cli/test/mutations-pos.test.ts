import { certifyMutants } from './mutations.js';

certifyMutants('pos');
