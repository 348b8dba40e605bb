/**
 * Every tour picture is shown cropped to 3:2, and uploads are stored 1600×1067 at their
 * widest (internal/media): the size an <img> states so the page keeps its place for the
 * picture before it arrives.
 */
export const TOUR_PICTURE_WIDTH = 1600;
export const TOUR_PICTURE_HEIGHT = 1067;
