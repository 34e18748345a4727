// vendor/aes.mjs, aes-js wrapped as a module by build.py: handed to Python unopened.
declare const aesjs: unknown;
export default aesjs;
