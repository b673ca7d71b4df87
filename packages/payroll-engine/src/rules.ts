/** The bundled statutory data set (src/statutory and the income-tax years of src/tax). */
export { STATUTORY_RULES } from './statutory';
