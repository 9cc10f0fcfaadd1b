import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Zod as the contract and the functions use it: the mini API, whose functions a bundle keeps only
 * when a schema calls them (the classic API's methods come whole: ~90 KB in every Lambda). Mini
 * has no issue messages of its own; the English ones the classic API sets are set here, before any
 * schema parses, so a 400's details read the same ("Too big: expected string to have <=64 characters").
 */
z.config(en());

export * from 'zod/mini';
