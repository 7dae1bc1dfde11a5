import { Image, type ImageProps } from '@tarojs/components'

type Props = Omit<ImageProps, 'ariaLabel'> & {
  /** What the image shows, for screen readers: `alt` of the H5 <img>, aria-label on WeChat. '' marks it decorative. */
  alt: string
}

/**
 * Taro's Image with a text alternative on every platform. On H5 Taro renders a <div> around an <img>
 * and hands `imgProps` to the <img>; WeChat's image takes aria-label.
 */
export default function Img({ alt, ...props }: Props) {
  const h5 = process.env.TARO_ENV === 'h5'
  return <Image {...props} ariaLabel={alt || undefined} {...(h5 ? { imgProps: { alt } } : {})} />
}
