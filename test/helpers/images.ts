/** The stand-in's sample images (plain CommonJS, no type declarations of its own), typed. */
interface SampleImages {
	png: Buffer;
	jpeg: Buffer;
	pngBase64: string;
	jpegBase64: string;
	pngDataUri: string;
	jpegDataUri: string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const sampleImages = require('../stand-in/sample-images') as SampleImages;
