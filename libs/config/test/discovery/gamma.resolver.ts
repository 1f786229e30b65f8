export class GammaResolver {}
